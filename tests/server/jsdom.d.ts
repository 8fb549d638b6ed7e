// jsdom ships no types: the part the server tests use to parse a page as a browser does.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string)
    readonly window: Window & typeof globalThis
  }
}
