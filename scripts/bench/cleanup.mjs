// @ts-check
/**
 * A stack of clean-up steps, run in reverse on success, failure or Ctrl-C / SIGTERM, once.
 */

/** @typedef {() => unknown} CleanupStep */

export function createCleanup() {
  /** @type {CleanupStep[]} */
  const steps = []
  /** @type {Promise<void> | undefined} */
  let running

  const run = () => {
    running ??= (async () => {
      for (const step of steps.reverse()) {
        try {
          await step()
        } catch (error) {
          console.error('bench clean-up:', error)
        }
      }
    })()
    return running
  }

  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    console.error(`\nbench: ${signal}, cleaning up`)
    void run().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)

  return {
    /** @param {CleanupStep} step */
    defer(step) {
      steps.push(step)
    },
    async run() {
      await run()
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    },
  }
}
