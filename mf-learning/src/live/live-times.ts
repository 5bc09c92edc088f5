/** Learners may open the room from 15 minutes before the start until the end. */
export const openBeforeMs = 15 * 60_000;

export const canEnter = (startsAt: string, endsAt: string, now: number) =>
  now >= new Date(startsAt).getTime() - openBeforeMs && now <= new Date(endsAt).getTime();

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` input shows it, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an instant, or null when it is empty or not a time. */
export function fromLocalInput(value: string): string | null {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

export const stateNames = { upcoming: '未开始', live: '直播中', ended: '已结束' } as const;
export const stateColors = { upcoming: 'blue', live: 'red', ended: 'grey' } as const;
