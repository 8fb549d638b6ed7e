// @size-limit/file ships no types: typed as size-limit's API takes its plugins.
declare module '@size-limit/file' {
  import type sizeLimit from 'size-limit'

  const plugin: Parameters<typeof sizeLimit>[0][number]
  export default plugin
}
