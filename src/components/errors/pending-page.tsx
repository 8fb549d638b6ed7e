export function PendingPage() {
  return (
    <p role="status" className="py-16 text-center text-slate-300">
      Loading...
    </p>
  )
}
