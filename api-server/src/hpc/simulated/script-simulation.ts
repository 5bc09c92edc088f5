/** What a simulated run of a script does: how long it takes, how it exits and what it prints. */
export interface ScriptPlan {
  runSeconds: number;
  exitCode: number;
  output: Array<{ kind: 'text'; text: string } | { kind: 'cat'; path: string }>;
}

/** A script with no `sleep` runs this long. */
const defaultRunSeconds = 60;

const unquote = (text: string) => text.replace(/^(["'])(.*)\1$/s, '$2');

/**
 * Reads the few commands the simulated cluster understands, top to bottom until the first `exit`:
 * `sleep N` adds N seconds of running time, `echo …` prints its words, `cat FILE` prints a file of the
 * working folder, `exit N` ends with code N. Everything else (module load, python, srun…) is taken as
 * done at once. Deterministic, so tests and screens see the same run every time.
 */
export function simulateScript(script: string): ScriptPlan {
  const plan: ScriptPlan = { runSeconds: 0, exitCode: 0, output: [] };
  let slept = false;
  for (const raw of script.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [command = '', ...args] = line.split(/\s+/);
    const rest = line.slice(command.length).trim();
    if (command === 'sleep' && /^\d+$/.test(args[0] ?? '')) {
      plan.runSeconds += Number(args[0]);
      slept = true;
    } else if (command === 'echo') plan.output.push({ kind: 'text', text: unquote(rest) });
    else if (command === 'cat' && args.length === 1 && !args[0]!.startsWith('-'))
      plan.output.push({ kind: 'cat', path: unquote(args[0]!) });
    else if (command === 'exit') {
      plan.exitCode = Number(args[0] ?? 0) & 255;
      break;
    }
  }
  if (!slept) plan.runSeconds = defaultRunSeconds;
  return plan;
}
