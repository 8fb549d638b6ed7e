import { create } from 'zustand'
import { saveRecorder } from '@/lib/movie-lists/save-recorder'
import type { CurrentUser } from '@/lib/session/session-store'
import { followSession, signedInEmail, userKey } from '@/lib/session/user-storage'
import { readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'
import { MAX_SERVICE_NAME, MAX_WATCH_SERVICES, type WatchService } from '@/shared/lists/merge'

export type { WatchService }

export const SERVICES_VERSION = 1

const serviceSchema = v.object({
  id: v.refine(v.number(), (id) => Number.isInteger(id) && id > 0, 'a provider id'),
  name: v.refine(
    v.string(),
    (name) => name.length > 0 && name.length <= MAX_SERVICE_NAME,
    'a service name',
  ),
})

export const servicesSchema = v.refine(
  v.array(serviceSchema),
  (services) => services.length <= MAX_WATCH_SERVICES,
  `at most ${MAX_WATCH_SERVICES} services`,
)

const storedServicesSchema = v.object({
  version: v.literal(SERVICES_VERSION),
  services: servicesSchema,
})

export const servicesKey = (email: string) => userKey('watch-services', email)

/** Sorted by id, each once: equal choices are equal text, on every device. */
export function normalServices(services: readonly WatchService[]): WatchService[] {
  const byId = new Map<number, WatchService>()
  for (const { id, name } of services) byId.set(id, { id, name: name.slice(0, MAX_SERVICE_NAME) })
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(0, MAX_WATCH_SERVICES)
}

interface ServicesState {
  ownerEmail: string | null
  services: readonly WatchService[]
  ids: ReadonlySet<number>
}

const NONE: readonly WatchService[] = []

export const useServicesStore = create<ServicesState>()(() => ({
  ownerEmail: null,
  services: NONE,
  ids: new Set(),
}))

const stateOf = (ownerEmail: string | null, services: readonly WatchService[]) => ({
  ownerEmail,
  services,
  ids: new Set(services.map((service) => service.id)),
})

export const readServices = (email: string): WatchService[] =>
  readStored(servicesKey(email), storedServicesSchema)?.services ?? []

/** Saved for the signed-in person; throws StorageError when the browser refuses it. */
export function setServices(services: readonly WatchService[]): void {
  const email = signedInEmail()
  if (!email) return
  const value = normalServices(services)
  // Recorded first: should the save fail, the account's next response brings the choice back.
  saveRecorder.current?.services(email, value)
  writeStored(servicesKey(email), { version: SERVICES_VERSION, services: value })
  useServicesStore.setState(stateOf(email, value))
}

/** The account's copy, as the sync received it. */
export function saveSyncedServices(email: string, services: readonly WatchService[]): void {
  writeStored(servicesKey(email), { version: SERVICES_VERSION, services })
  if (signedInEmail()?.trim().toLowerCase() === email.trim().toLowerCase()) {
    useServicesStore.setState(stateOf(signedInEmail(), services))
  }
}

function load(user: CurrentUser | null) {
  useServicesStore.setState(stateOf(user?.email ?? null, user ? readServices(user.email) : NONE))
}

export function connectServicesToSession(): () => void {
  return followSession({
    key: servicesKey,
    heldBy: () => useServicesStore.getState().ownerEmail,
    load,
  })
}

/** The chosen services' ids; empty when none are chosen or nobody is signed in. */
export const useServiceIds = (): ReadonlySet<number> => useServicesStore((state) => state.ids)
