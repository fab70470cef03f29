/** Runs `tasks` with at most `limit` at a time (the machine has two cores). */
export async function limited<T>(tasks: (() => Promise<T>)[], limit = 2): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}
