import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { RESULT_REDIRECT_DELAY_MS } from './navigation.ts'

/**
 * The payment result pages go to /settings 2000 ms after their outcome is known (SPEC §2, §9).
 * Answers `redirectLater(search)`; nothing happens once the page is left.
 */
export function useRedirectToSettingsLater(): (search?: { success?: true }) => void {
  const navigate = useNavigate()
  const alive = useRef(true)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
      clearTimeout(timer.current)
    }
  }, [])
  return useCallback(
    (search: { success?: true } = {}) => {
      if (!alive.current) return
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void navigate({ to: '/settings', search, replace: true }), RESULT_REDIRECT_DELAY_MS)
    },
    [navigate],
  )
}
