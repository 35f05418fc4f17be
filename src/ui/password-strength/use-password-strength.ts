import { useEffect, useState } from 'react';
import { loadStrengthChecker, type Strength } from './estimate.ts';

/**
 * The strength of `password` for the meter: null while it is empty or the estimator is still loading (it starts
 * loading with the first character). `userInputs` (the e-mail, the name) count as guessable words. A read of the
 * field, not a workflow: nothing is sent anywhere.
 */
export function usePasswordStrength(password: string, userInputs: readonly string[] = []): Strength | null {
  const [measured, setMeasured] = useState<{ password: string; strength: Strength } | null>(null);
  const inputs = userInputs.join('\u0000');
  useEffect(() => {
    if (password === '') return;
    let current = true;
    loadStrengthChecker()
      .then((check) => {
        if (current)
          setMeasured({ password, strength: check(password, inputs === '' ? [] : inputs.split('\u0000')) });
      })
      .catch((error: unknown) => console.error('[password strength] the estimator did not load', error));
    return () => {
      current = false;
    };
  }, [password, inputs]);
  // Only the estimate of what the field holds now: an older one is never shown for a newer password.
  return measured !== null && measured.password === password ? measured.strength : null;
}
