import { useState, type FormEvent } from 'react'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { Input } from '../ui/input.tsx'
import { toast } from '../ui/use-toast.ts'

/** SPEC §2's password dialog of a protected proposal; an empty code is refused with SPEC §8's toast. */
export function PasswordDialog({
  open,
  onOpenChange,
  onSubmit,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (code: string) => void
}) {
  const [password, setPassword] = useState('')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = password.trim()
    if (code === '') {
      toast({ variant: 'destructive', title: 'Error', description: 'Please enter a password' })
      return
    }
    setPassword('')
    onSubmit(code)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Password Protected Calculator"
      description="This calculator is protected. Enter the password you were given to open it."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <label htmlFor="proposal-access-code" className="text-sm font-medium">
            Enter Password
          </label>
          <Input
            id="proposal-access-code"
            type="password"
            autoComplete="off"
            placeholder="Enter Password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <Button type="submit" className="w-full">
          Access Calculator
        </Button>
      </form>
    </Dialog>
  )
}
