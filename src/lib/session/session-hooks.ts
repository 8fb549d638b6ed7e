/** Signs out; says whether the browser did. */
export type SignOut = () => Promise<boolean>

type SignInStep = (email: string) => Promise<void>
type SignOutGuard = (signOut: SignOut) => Promise<boolean>

const signInSteps: SignInStep[] = []
const signOutGuards: SignOutGuard[] = []

function added<T>(list: T[], item: T): () => void {
  list.push(item)
  return () => {
    const at = list.indexOf(item)
    if (at !== -1) list.splice(at, 1)
  }
}

/** `step` runs once the server accepts a sign-in, before the page shows it. */
export const onSignIn = (step: SignInStep): (() => void) => added(signInSteps, step)

/** `guard` runs before a sign-out, which it calls or not. */
export const beforeSignOut = (guard: SignOutGuard): (() => void) => added(signOutGuards, guard)

export async function runSignInSteps(email: string): Promise<void> {
  for (const step of [...signInSteps]) await step(email)
}

export function signOutGuarded(signOut: SignOut): Promise<boolean> {
  return signOutGuards.reduceRight<SignOut>((next, guard) => () => guard(next), signOut)()
}
