import { useMutation } from '@tanstack/react-query'
import { useId, useRef, type ReactNode } from 'react'
import { ApiError } from '../../api.ts'
import { safeLogoSrc } from '../../proposals/safe-urls.ts'
import { uploadLogo } from '../../queries/profile.ts'
import { Button } from '../ui/button.tsx'
import { toast } from '../ui/use-toast.ts'

/** A file that is not an image is refused before anything is sent (SPEC §5: images only). */
class NotAnImageError extends Error {}

function uploadFailed(error: unknown) {
  if (error instanceof NotAnImageError) {
    toast({ variant: 'destructive', title: 'Failed to upload logo', description: 'Choose an image file: PNG, JPEG, WebP or GIF.' })
  } else if (error instanceof ApiError) {
    toast({ variant: 'destructive', title: 'Failed to upload logo', description: error.serverMessage ?? 'Please try again.' })
  } else {
    toast({ variant: 'destructive', title: 'Error', description: 'Something went wrong uploading the logo' })
  }
}

/**
 * The company logo (SPEC §2): the current one, an image upload ('Uploading...' while it runs) and a
 * way to remove it. The uploaded logo's URL goes into the form; 'Save Changes' keeps it.
 */
export function LogoUploadField({
  value,
  onChange,
  disabled,
  tag,
}: {
  value: string
  onChange: (url: string) => void
  disabled: boolean
  tag: ReactNode
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      if (!file.type.startsWith('image/')) throw new NotAnImageError()
      return uploadLogo(file)
    },
    onSuccess: (url) => {
      onChange(url)
      toast({ title: 'Success', description: 'Logo uploaded successfully' })
    },
    onError: uploadFailed,
    // The same file can be chosen again after a failure.
    onSettled: () => {
      if (input.current !== null) input.current.value = ''
    },
  })
  const preview = safeLogoSrc(value)

  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          Company logo
        </label>
        {tag}
      </div>
      {preview !== undefined && (
        <div className="flex items-center gap-3">
          <img src={preview} alt="Current company logo" className="h-12 max-w-40 rounded border bg-white object-contain p-1" />
          {!disabled && !mutation.isPending && (
            <Button variant="ghost" size="sm" onClick={() => onChange('')}>
              Remove logo
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          disabled={disabled || mutation.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file !== undefined) mutation.mutate(file)
          }}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-accent disabled:cursor-not-allowed disabled:opacity-60"
        />
        {mutation.isPending && (
          <span role="status" className="text-sm text-muted-foreground">
            Uploading...
          </span>
        )}
      </div>
      <p className="text-xs text-muted-foreground">A PNG, JPEG, WebP or GIF image.</p>
    </div>
  )
}
