import type { RegisterResult } from '@/features/auth/accounts'
import { refusedAs, requestAccount } from '@/features/auth/api/client'
import type { RegisterValues } from '@/shared/accounts/validation'

export function registerAccount(values: RegisterValues): Promise<RegisterResult> {
  return refusedAs(
    requestAccount('/register', {
      method: 'POST',
      body: {
        name: values.name.trim().normalize('NFC'),
        email: values.email.trim(),
        password: values.password,
      },
    }).then(() => 'registered' as const),
    409,
    'duplicate' as const,
  )
}
