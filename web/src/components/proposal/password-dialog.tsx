import type { AccessGateTexts } from '@valueproof/formula'
import { useState, type FormEvent } from 'react'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { Input } from '../ui/input.tsx'
import { toast } from '../ui/use-toast.ts'

/**
 * SPEC §2's password dialog of a protected proposal, in the proposal's language (SPEC's English
 * strings for an English one); an empty code is refused with SPEC §8's toast.
 */
export function PasswordDialog({
  open,
  onOpenChange,
  onSubmit,
  texts,
  language,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (code: string) => void
  texts: AccessGateTexts
  language: string
}) {
  const [password, setPassword] = useState('')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = password.trim()
    if (code === '') {
      toast({ variant: 'destructive', title: texts.emptyTitle, description: texts.empty })
      return
    }
    setPassword('')
    onSubmit(code)
  }

  return (
    <div lang={language}>
      <Dialog open={open} onOpenChange={onOpenChange} title={texts.title} description={texts.description} closeLabel={texts.close}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <label htmlFor="proposal-access-code" className="text-sm font-medium">
              {texts.label}
            </label>
            <Input
              id="proposal-access-code"
              type="password"
              autoComplete="off"
              placeholder={texts.label}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <Button type="submit" className="w-full">
            {texts.submit}
          </Button>
        </form>
      </Dialog>
    </div>
  )
}
