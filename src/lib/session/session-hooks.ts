/**
 * What the rest of the page does at the session's turns with accounts on the server, registered
 * at start-up (src/app/): a sign-in waits for each step before it shows; a sign-out goes through
 * each guard, which sends what waits, asks, or keeps the person signed in.
 */

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

/** `step` runs once the server has accepted a sign-in, before the page shows it. Returns the removal. */
export const onSignIn = (step: SignInStep): (() => void) => added(signInSteps, step)

/** `guard` runs before a sign-out, which it calls or not. Returns the removal. */
export const beforeSignOut = (guard: SignOutGuard): (() => void) => added(signOutGuards, guard)

/** The sign-in steps for `email`, one after the other. */
export async function runSignInSteps(email: string): Promise<void> {
  for (const step of [...signInSteps]) await step(email)
}

/** `signOut` behind every guard; says whether the browser signed out. */
export function signOutGuarded(signOut: SignOut): Promise<boolean> {
  return signOutGuards.reduceRight<SignOut>((next, guard) => () => guard(next), signOut)()
}
