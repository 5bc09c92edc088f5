/** Web terminals one user may have open at once (each is a shell in a container). */
export const terminalsPerUser = 5;

/** The web terminals open on this server, counted per user. */
export class OpenTerminals {
  private readonly byUser = new Map<number, number>();

  count(userId: number): number {
    return this.byUser.get(userId) ?? 0;
  }

  /** Takes a place for one more of the user's terminals; false when they already have `terminalsPerUser` open. */
  take(userId: number): boolean {
    const open = this.count(userId);
    if (open >= terminalsPerUser) return false;
    this.byUser.set(userId, open + 1);
    return true;
  }

  giveBack(userId: number): void {
    const open = this.count(userId) - 1;
    if (open > 0) this.byUser.set(userId, open);
    else this.byUser.delete(userId);
  }
}
