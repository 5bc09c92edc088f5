/** An operator command that refuses what it was asked, having changed nothing: its message is the whole answer. */
export class OperationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperationRefusedError';
  }
}
