/**
 * Ends the current task, so the browser can paint and handle input before the next step. Start-up
 * work split this way never blocks the page for long on a slow phone.
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
