import { type FeedbackType, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as ptBrDictionary, translations } from '@zxcvbn-ts/language-pt-br';
import { AUTH_TEXTS, passwordProblem } from './auth';

/**
 * The whole password rule, for both sides: `passwordProblem` (8 characters, not all blanks), then the
 * strength estimate of zxcvbn-ts with the common and Brazilian-Portuguese dictionaries, given the
 * owner's name and e-mail. A password whose score is below 3 ("safely unguessable": about 10^8 guesses
 * or more) is refused with the estimator's Portuguese warning and suggestions.
 *
 * Its own entry point (`@backoffice/contract/password-strength`): the dictionaries weigh about 3 MB, so
 * the web loads this module lazily where a new password is typed, and the server once at start.
 *
 * The list of the most common passwords that the server checked before (49,233 passwords of
 * language-common) is one of these dictionaries: a password of the list scores at most 1 by
 * construction (a dictionary match costs its rank in guesses), so the list adds nothing of its own
 * (password-strength.test.ts checks a sample; a full sweep of its 17,950 entries of 8 or more characters
 * accepted none, 22/11/2026).
 */

export const MIN_PASSWORD_SCORE = 3;

/**
 * Only the first 64 characters are estimated: the estimator's time grows fast with the length (a 200-
 * character password took seconds), and a password whose first 64 characters are strong is strong.
 */
export const JUDGED_LENGTH = 64;

/** Fewer l33t substitutions tried per word than the default 100: the same verdicts, a fraction of the time. */
const L33T_MAX_SUBSTITUTIONS = 6;

/** The pt-BR translations, two of them rewritten into correct Portuguese. */
const PT_BR = {
  ...translations,
  warnings: {
    ...translations.warnings,
    userInputs: 'A senha não deve conter dados pessoais, como o seu nome ou e-mail.',
  },
  suggestions: {
    ...translations.suggestions,
    capitalization: 'Use letras maiúsculas também em outras posições, não só na primeira.',
  },
};

let estimator: ZxcvbnFactory | undefined;

/** Builds the estimator (its dictionaries) once; later calls return the same one. */
export function loadPasswordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: PT_BR,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...ptBrDictionary },
    maxLength: JUDGED_LENGTH,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  return estimator;
}

/** Whose password it is: what a guesser would try first. */
export interface PasswordOwner {
  name?: string | null;
  email?: string | null;
}

/** The owner's name, its words, the e-mail, its mailbox and the mailbox's and domain's words. */
export function ownerWords({ name, email }: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (value: string) => {
    const word = value.trim().toLowerCase();
    if (word.length >= 2) words.add(word);
  };
  if (name) {
    add(name);
    for (const part of name.split(/\s+/)) add(part);
  }
  if (email) {
    add(email);
    const [mailbox = '', domain = ''] = email.split('@');
    add(mailbox);
    for (const part of [...mailbox.split(/[^\p{L}\p{N}]+/u), ...domain.split('.')]) add(part);
  }
  return [...words];
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** 'Senha fraca, fácil de adivinhar.' then the estimator's warning and suggestions, each once. */
export function weakPasswordMessage(feedback: FeedbackType): string {
  const parts = [AUTH_TEXTS.passwordWeak, feedback.warning ?? '', ...feedback.suggestions]
    .filter((part) => part.trim() !== '')
    .map(sentence);
  return [...new Set(parts)].join(' ');
}

/** The whole rule: the Portuguese message of the first problem of a new password, or null when it is good. */
export function passwordStrengthProblem(password: string, owner: PasswordOwner): string | null {
  const basic = passwordProblem(password);
  if (basic) return basic;
  const result = loadPasswordEstimator().check(password, ownerWords(owner));
  return result.score >= MIN_PASSWORD_SCORE ? null : weakPasswordMessage(result.feedback);
}
