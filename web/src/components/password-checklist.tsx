import { passwordRules } from '@valueproof/contracts'
import { CheckIcon, CircleIcon } from './icons.tsx'
import { classNames } from './ui/class-names.ts'

/** The live checklist of SPEC §5's password rules; each line ticks as soon as its rule holds. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="grid gap-1 text-sm">
      {passwordRules.map((rule) => {
        const met = rule.test(password)
        return (
          <li
            key={rule.id}
            data-rule={rule.id}
            data-met={met}
            className={classNames('flex items-center gap-2', met ? 'text-success' : 'text-muted-foreground')}
          >
            {met ? <CheckIcon className="size-4 shrink-0" /> : <CircleIcon className="size-4 shrink-0" />}
            <span>{rule.label}</span>
            <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
          </li>
        )
      })}
    </ul>
  )
}
