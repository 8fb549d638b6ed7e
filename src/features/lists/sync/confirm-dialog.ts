/** A native modal <dialog>, built when needed: no component waits in every page for it. */
export function confirmDialog({
  question,
  confirm,
  cancel,
}: {
  question: string
  confirm: string
  cancel: string
}): Promise<boolean> {
  return new Promise((resolve) => {
    const returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null
    const dialog = document.createElement('dialog')
    const text = document.createElement('p')
    const buttons = document.createElement('div')
    const yes = document.createElement('button')
    const no = document.createElement('button')
    text.id = `confirm-${String(Date.now())}`
    text.textContent = question
    text.className = 'text-lg text-white'
    dialog.setAttribute('aria-labelledby', text.id)
    dialog.className =
      'space-y-4 rounded-xl border border-slate-700 bg-slate-900 p-6 text-slate-100 backdrop:bg-black/60'
    buttons.className = 'flex flex-wrap justify-end gap-2'
    for (const [button, label, className] of [
      [no, cancel, 'btn-secondary'],
      [yes, confirm, 'btn-danger'],
    ] as const) {
      button.type = 'button'
      button.textContent = label
      button.className = className
    }
    buttons.append(no, yes)
    dialog.append(text, buttons)

    let answered = false
    const answer = (value: boolean) => {
      if (answered) return
      answered = true
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      dialog.remove()
      returnFocus?.focus()
      resolve(value)
    }
    yes.addEventListener('click', () => {
      answer(true)
    })
    no.addEventListener('click', () => {
      answer(false)
    })
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault()
      answer(false)
    })
    dialog.addEventListener('close', () => {
      answer(false)
    })
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        answer(false)
      }
    })

    document.body.append(dialog)
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    no.focus()
  })
}
