import v8 from 'node:v8';
import vm from 'node:vm';

/** How often the process's CPU time is read, and what counts as busy (a burst) and as idle within one such window. */
const windowMs = 500;
const busyCpuMs = 100;
const idleCpuMs = 25;

/**
 * Decides, one window of CPU time at a time, when to collect: at the first idle window after a burst (or after the
 * start). A burst of requests leaves V8's old space holding its garbage (about 100 MB after the list benchmark on
 * PGlite) until V8's own memory reducer runs, which takes from seconds to minutes; collected at once, the idle server
 * is back near its start size (RSS 3 s after the lists: 424–479 MB without, 371–384 MB with, three runs each).
 */
export function idleCollector(collect: () => void): (cpuMsInWindow: number) => void {
  // Starting (compiling, migrating, writing demo data) is the first burst.
  let burst = true;
  return (cpuMs) => {
    if (cpuMs >= busyCpuMs) burst = true;
    else if (burst && cpuMs < idleCpuMs) {
      burst = false;
      collect();
    }
  };
}

/**
 * A full collection on demand. Node only offers `gc` under --expose-gc; the flag set now gives it to a new context (the
 * way Jest's leak detector gets it), so that neither the start script nor the service unit has to remember it.
 */
export function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Collects garbage once the process falls idle after a burst of work; returns the function that stops watching. */
export function startIdleCollection(): () => void {
  const decide = idleCollector(fullCollection());
  let last = process.cpuUsage();
  const timer = setInterval(() => {
    const now = process.cpuUsage();
    decide((now.user - last.user + now.system - last.system) / 1000);
    last = now;
  }, windowMs).unref();
  return () => clearInterval(timer);
}
