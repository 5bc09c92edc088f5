import { describe, expect, it } from 'vitest';
import { ServerCountdown } from './server-countdown';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 29, 9, 0) + minutes * MINUTE).toISOString();

/** A countdown begun with 60 minutes left, on a monotonic clock the test moves. */
function begun() {
  let now = 5_000;
  const countdown = new ServerCountdown({ deadlineAt: at(60), remainingSeconds: 3600 }, () => now);
  return { countdown, pass: (ms: number) => (now += ms) };
}

describe('the exam countdown', () => {
  it('counts the server’s time left down on the monotonic clock', () => {
    const { countdown, pass } = begun();
    expect(countdown.secondsLeft).toBe(3600);
    pass(90_500);
    expect(countdown.secondsLeft).toBe(3510);
    pass(2 * 3600_000);
    expect(countdown.secondsLeft).toBe(0);
  });

  it('moves to a pushed deadline from the server’s time as last stated', () => {
    const { countdown, pass } = begun();
    pass(20 * MINUTE);
    countdown.moveDeadline(at(70));
    expect(countdown.secondsLeft).toBe(50 * 60);
    countdown.moveDeadline(at(60));
    expect(countdown.secondsLeft).toBe(40 * 60);
  });

  it('counts an extension once when a save states it before the push arrives', () => {
    const { countdown, pass } = begun();
    pass(20 * MINUTE);
    countdown.sync({ deadlineAt: at(70), remainingSeconds: 50 * 60 });
    countdown.moveDeadline(at(70));
    expect(countdown.secondsLeft).toBe(50 * 60);
  });

  it('takes the server’s word over the monotonic clock at every save', () => {
    const { countdown, pass } = begun();
    pass(10 * MINUTE);
    // The tab slept: the server's clock ran on while this one did not.
    countdown.sync({ deadlineAt: at(60), remainingSeconds: 30 * 60 });
    expect(countdown.secondsLeft).toBe(30 * 60);
  });
});
