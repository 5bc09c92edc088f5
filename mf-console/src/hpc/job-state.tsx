import { useEffect, useState } from 'react';
import { Label } from 'semantic-ui-react';
import type { HpcJobView } from './job-api';
import { formatDuration, reasonText, stateColors } from './job-format';

/** The state as a coloured label, with why a job waits or was held below it. */
export function JobStateLabel({ job }: { job: Pick<HpcJobView, 'state' | 'stateText' | 'reason'> }) {
  const reason = reasonText(job.reason);
  return (
    <span className="rc-job-state">
      <Label size="small" color={stateColors[job.state] ?? 'grey'} className="rc-job-state-label" data-state={job.state}>
        {job.stateText}
      </Label>
      {reason ? <small className="rc-job-reason">{reason}</small> : null}
    </span>
  );
}

/** Elapsed time; while running it ticks every second from what the server last said. */
export function JobElapsed({ job }: { job: Pick<HpcJobView, 'state' | 'elapsedSeconds'> }) {
  const running = job.state === 'RUNNING';
  const [anchor, setAnchor] = useState({ seconds: job.elapsedSeconds, at: Date.now() });
  if (anchor.seconds !== job.elapsedSeconds) setAnchor({ seconds: job.elapsedSeconds, at: Date.now() });
  const [now, setNow] = useState(anchor.at);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const seconds = anchor.seconds + (running ? Math.max(0, Math.floor((now - anchor.at) / 1000)) : 0);
  return <span className="rc-job-elapsed">{formatDuration(seconds)}</span>;
}
