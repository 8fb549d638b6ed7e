/** What `promise` resolves to, or `late` once `ms` have passed. */
export async function within<T>(promise: Promise<T>, ms: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeUp = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      resolve(late)
    }, ms)
  })
  try {
    return await Promise.race([promise, timeUp])
  } finally {
    clearTimeout(timer)
  }
}
