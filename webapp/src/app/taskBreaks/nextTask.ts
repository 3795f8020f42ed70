/**
 * nextTask resolves in a task of its own: awaited at a module's top level, it ends the task
 * the entry's code is evaluated in, so the browser can paint and answer input before the next
 * part is evaluated (docs/performance.md, "Less work before the first interaction").
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
