import { useRootData } from '~/features/root/use-root-data'

/**
 * The environment badge, such as '🧪 staging', so nobody mistakes it for production. Shown only
 * when an environment name or emoji is configured.
 */
export function EnvironmentHint() {
  const { env } = useRootData()
  const label = [env.ENV_EMOJI, env.ENV_NAME].filter(Boolean).join(' ')
  if (!label) return null
  return (
    <span
      data-testid="environment-hint"
      className="rounded-full bg-environment px-2 py-0.5 text-xs font-medium text-[#09090b]"
    >
      {label}
    </span>
  )
}
