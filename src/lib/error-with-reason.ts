/** An Error class whose message is its reason's, as `messages` says. */
export function errorWithReason<Reason extends string>(
  name: string,
  messages: Record<Reason, string>,
) {
  return class extends Error {
    override readonly name = name
    constructor(
      readonly reason: Reason,
      options?: { cause?: unknown },
    ) {
      super(messages[reason], options)
    }
  }
}
