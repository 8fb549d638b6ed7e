import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'

/** Types each value into the field of its label, in order, then presses the button `button`. */
export async function fillAndPress(
  user: UserEvent,
  values: Record<string, string>,
  button: string,
) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(label), value)
  }
  await user.click(screen.getByRole('button', { name: button }))
}
