import * as ToastPrimitive from '@radix-ui/react-toast'
import type { ComponentProps } from 'react'
import { XIcon } from '../icons.tsx'
import { classNames } from './class-names.ts'
import type { ToastVariant } from './use-toast.ts'

/** SPEC §9: 5000 ms, swipe right past 50 px to dismiss; F8 (Radix's default hotkey) focuses the toasts. */
export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} {...props} />
}

/** SPEC §1: at the top on small screens, at the bottom right from the `sm` breakpoint, at most 420 px wide. */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={['F8']}
      className={classNames(
        'fixed inset-x-0 top-0 z-[100] mx-auto flex max-h-screen w-full max-w-[420px] flex-col-reverse gap-2 p-4 outline-none',
        'sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-0 sm:mx-0 sm:flex-col',
        className,
      )}
      {...props}
    />
  )
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-background text-foreground',
  destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
}

export function Toast({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      data-variant={variant}
      className={classNames(
        'toast group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  )
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={classNames('text-sm font-semibold', className)} {...props} />
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={classNames('text-sm opacity-90', className)} {...props} />
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={classNames(
        'absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus:opacity-100 focus:ring-2 focus:ring-ring focus:outline-none',
        'group-data-[variant=destructive]:focus:ring-destructive-foreground',
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" />
    </ToastPrimitive.Close>
  )
}
