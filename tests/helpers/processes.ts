import { spawn, type ChildProcess } from "node:child_process";

/** Test helper (not collected as a test file): child processes a spec starts itself, and waiting for them. */
export interface Proc {
  name: string;
  child: ChildProcess;
  output: string;
}

/** Starts a process in its own group (so a stop reaches its children too), collecting its output. */
export function start(name: string, command: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const proc: Proc = { name, child, output: "" };
  child.stdout!.on("data", (b: Buffer) => (proc.output += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (proc.output += b.toString()));
  return proc;
}

export function stop(proc: Proc | null | undefined, signal: NodeJS.Signals = "SIGTERM") {
  if (!proc?.child.pid || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  try {
    process.kill(-proc.child.pid, signal);
  } catch {
    /* gone */
  }
}

/** Resolves with the exit code (or the signal's name) when the process ends. */
export function exited(proc: Proc): Promise<number | string> {
  if (proc.child.exitCode !== null) return Promise.resolve(proc.child.exitCode);
  if (proc.child.signalCode !== null) return Promise.resolve(proc.child.signalCode);
  return new Promise((resolve) => proc.child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)));
}

/** SIGTERM to each; those that have not drained and exited within `graceSeconds` then get SIGKILL. */
export async function stopAll(procs: (Proc | null | undefined)[], graceSeconds: number) {
  const live = procs.filter((p): p is Proc => !!p);
  for (const p of live) stop(p);
  const gone = (p: Proc) => p.child.exitCode !== null || p.child.signalCode !== null;
  for (let i = 0; i < graceSeconds * 4 && !live.every(gone); i++) await new Promise((r) => setTimeout(r, 250));
  for (const p of live) stop(p, "SIGKILL");
}

export async function waitFor(what: string, check: () => Promise<boolean>, procs: Proc[], seconds = 120) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not come up:\n${procs.map((p) => `--- ${p.name}\n${p.output.slice(-1500)}`).join("\n")}`);
}
