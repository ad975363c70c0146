import { remember } from "./remember.server";

/**
 * What the app's modules must end when the process stops (server/shutdown.ts runs the sequence): long-lived
 * connections such as the live relay's event streams, which would otherwise hold the drain open until its bound.
 * One list per process, shared by the server entry and the Remix build.
 */
type Hook = { name: string; run: () => Promise<void> | void };

const state = remember("shutdown-hooks", () => ({ hooks: [] as Hook[], stopping: false }));

export function onShutdown(name: string, run: () => Promise<void> | void): void {
  state.hooks.push({ name, run });
}

/** True once the process has begun to stop (readiness answers 503, responses close their connection). */
export function isStopping(): boolean {
  return state.stopping;
}

/** Marks the process as stopping and runs every hook; a hook that fails is reported, the others still run. */
export async function runShutdownHooks(report: (name: string, error: unknown) => void): Promise<void> {
  state.stopping = true;
  const hooks = state.hooks.splice(0);
  await Promise.all(
    hooks.map(async (h) => {
      try {
        await h.run();
      } catch (error) {
        report(h.name, error);
      }
    }),
  );
}

/** Marks the process as stopping without running the hooks yet (the first step of the shutdown). */
export function markStopping(): void {
  state.stopping = true;
}
