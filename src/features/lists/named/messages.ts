import type { ListProblem, MovieProblem } from '@/lib/movie-lists/named-lists'
import {
  MAX_LIST_DESCRIPTION,
  MAX_LIST_NAME,
  MAX_NAMED_LIST_ENTRIES,
  MAX_NAMED_LISTS,
} from '@/shared/lists/named'

const count = (n: number) => n.toLocaleString('en')
const movies = (n: number) => `${count(n)} ${n === 1 ? 'movie' : 'movies'}`

export const namedListMessages = {
  navLabel: 'Lists',
  title: 'My Lists',
  newList: 'New list',
  newListInline: 'New list…',
  create: 'Create list',
  cancel: 'Cancel',
  save: 'Save',
  edit: 'Edit list',
  name: 'Name',
  description: 'Description (optional)',
  ranked: 'Ranked list',
  rankedHint: 'Numbers the films in your order.',
  none: 'You have no lists yet. Make one with “New list”, or add a film to a new list from its page.',
  empty: 'This list is empty. Add films with “Add to list…” on any film.',
  notFound: 'This list does not exist (any more).',
  movieCount: movies,
  changed: (when: string) => `Changed ${when}`,
  more: (remaining: number) => `Show more (${count(remaining)} more)`,
  created: (name: string) => `Created “${name}”`,
  saved: 'List saved',
  deleteList: 'Delete list',
  deleted: (name: string) => `Deleted “${name}”`,
  restored: (name: string) => `Restored “${name}”`,
  undo: 'Undo',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove from list',
  removed: (title: string, list: string) => `Removed ${title} from ${list}`,
  moved: (title: string, position: number, total: number) =>
    `${title} moved to position ${count(position)} of ${count(total)}`,
  rank: (position: number) => `No. ${count(position)}`,
  addToList: 'Add to list…',
  addToListNamed: (title: string) => `Add to list: ${title}`,
  dialogTitle: (title: string) => `Add “${title}” to a list`,
  close: 'Close',
  added: (title: string, list: string) => `Added ${title} to ${list}`,
  signInToAdd: 'Log in to keep lists of your own.',
  problems: {
    name: {
      empty: 'Enter a name for the list.',
      long: `A list name can be at most ${count(MAX_LIST_NAME)} characters.`,
      characters: 'A list name cannot hold control or text-direction characters.',
      taken: 'You already have a list with this name.',
    },
    description: {
      long: `A description can be at most ${count(MAX_LIST_DESCRIPTION)} characters.`,
      characters: 'A description cannot hold control or text-direction characters.',
    },
    list: {
      'too-many': `You can keep up to ${count(MAX_NAMED_LISTS)} lists.`,
      'signed-out': 'Log in to keep lists of your own.',
      missing: 'This list does not exist (any more).',
    },
  },
  movieProblems: {
    full: `A list can hold up to ${count(MAX_NAMED_LIST_ENTRIES)} movies.`,
    'signed-out': 'Log in to keep lists of your own.',
    missing: 'This list does not exist (any more).',
  } satisfies Record<MovieProblem, string>,
  storageFailed: 'Could not save the list: your browser’s storage is full or turned off.',
  share: {
    heading: 'Share',
    off: 'Only you can see this list.',
    turnOn: 'Share',
    on: 'Anyone with the link can see this list.',
    link: 'Link to this list',
    copy: 'Copy link',
    copied: 'Link copied',
    copyFailed: 'Could not copy the link: select it and copy it yourself.',
    stop: 'Stop sharing',
    stopped: 'Sharing stopped: the link no longer works.',
    indexable: 'Let search engines list it',
    failed: 'Could not reach the server. Try again.',
    offline: 'Sharing needs a connection: it comes back when you are online.',
    syncFirst: 'Saving the list to your account first…',
    copyToMine: 'Copy to my lists',
    copiedToMine: (name: string) => `Copied to your lists as “${name}”`,
    by: (owner: string) => `A list by ${owner}`,
    sharedNotFound: 'This shared list does not exist, or is no longer shared.',
  },
} as const

export function listProblemMessage(problem: ListProblem): string {
  switch (problem.field) {
    case 'name':
      return namedListMessages.problems.name[problem.problem]
    case 'description':
      return namedListMessages.problems.description[problem.problem]
    case 'list':
      return namedListMessages.problems.list[problem.problem]
  }
}
