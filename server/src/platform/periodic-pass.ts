/**
 * A worker's loop: `pass` every `intervalMs` (and once at start), never two at once in a process;
 * a failed pass is logged and the next one runs on time. The stop function waits for a pass under
 * way. Several processes may run the same loop: each pass claims its own rows.
 */
export function startPeriodicPass(
  name: string,
  pass: () => Promise<unknown>,
  intervalMs: number,
  log: { error(fields: { err: unknown }, message: string): void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = pass()
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, `${name} worker pass failed`),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
