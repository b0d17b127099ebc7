import { AUTH_MESSAGES } from './messages';

/** Text, @, text, dot, text (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Forgot-password: an email shorter than this gets the red message. */
export const MIN_RECOVERY_EMAIL_LENGTH = 2;

export interface AuthForm {
  email: string;
  password: string;
  retype: string;
}

export interface AuthFormErrors {
  email?: string;
  password?: string;
  retype?: string;
}

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Field messages of the sign-in/register form; submit is allowed only when there are none. */
export function validateAuthForm(form: AuthForm, type: 'login' | 'register'): AuthFormErrors {
  const errors: AuthFormErrors = {};
  if (!form.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  else if (!isValidEmail(form.email)) errors.email = AUTH_MESSAGES.invalidEmail;
  if (!form.password) errors.password = AUTH_MESSAGES.passwordRequired;
  if (type === 'register' && form.retype !== form.password) errors.retype = AUTH_MESSAGES.retypeMismatch;
  return errors;
}

export function recoveryEmailError(email: string): string | null {
  return email.trim().length < MIN_RECOVERY_EMAIL_LENGTH ? AUTH_MESSAGES.forgotEmailTooShort : null;
}
