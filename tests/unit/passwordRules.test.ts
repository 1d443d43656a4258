// Password rules of the login shell, with the spec's words retyped.
import { describe, expect, it } from 'vitest';
import {
  MIN_DIFFERENT_CHARACTERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SHELL_MESSAGES,
  changePasswordErrors,
  differentCharacterCount,
  forgotPasswordErrors,
  passwordStrengthErrors,
} from '../../engine/rules';

describe('passwordStrengthErrors', () => {
  it('passes a strong password', () => {
    expect(passwordStrengthErrors('Garuda#2024')).toEqual([]);
  });

  it.each([
    ['GARUDA#2024', 'At least 1 lowercase character.'],
    ['garuda#2024', 'At least 1 uppercase character.'],
    ['Garuda#Indo', 'At least 1 digit number.'],
    ['Garuda2024', 'At least 1 special character.'],
    ['Ga#2024', 'Minimum 8 characters.'],
    ['Garuda# 2024', 'There is no blank space allowed.'],
  ])('%j fails with one message', (password, message) => {
    expect(passwordStrengthErrors(password)).toEqual([message]);
  });

  it('lists every failure in the spec order', () => {
    expect(passwordStrengthErrors('')).toEqual([
      'At least 1 lowercase character.',
      'At least 1 uppercase character.',
      'At least 1 digit number.',
      'At least 1 special character.',
      'Minimum 8 characters.',
    ]);
    expect(passwordStrengthErrors('a b')).toEqual([
      'At least 1 uppercase character.',
      'At least 1 digit number.',
      'At least 1 special character.',
      'Minimum 8 characters.',
      'There is no blank space allowed.',
    ]);
  });

  it('counts a non-ASCII letter as special and white space as not', () => {
    expect(passwordStrengthErrors('Garudaé2024')).toEqual([]);
    expect(passwordStrengthErrors('Garuda\t2024')).toEqual(['At least 1 special character.', 'There is no blank space allowed.']);
  });
});

describe('forgotPasswordErrors', () => {
  const long = `Aa#1${'x'.repeat(41)}`;

  it('passes a strong password of 8 to 45 characters with an equal confirmation', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(45);
    expect(forgotPasswordErrors('Garuda#1', 'Garuda#1')).toEqual([]);
    expect(long).toHaveLength(45);
    expect(forgotPasswordErrors(long, long)).toEqual([]);
  });

  it("uses the flow's own length texts", () => {
    expect(forgotPasswordErrors('Ga#2024', 'Ga#2024')).toEqual(['Minimum 8 characters']);
    expect(forgotPasswordErrors(`${long}x`, `${long}x`)).toEqual(['Maximum 45 characters']);
    expect(forgotPasswordErrors('Garuda#2024', 'Garuda#2025')).toEqual(['Invalid confirm password']);
  });

  it('applies the strength rules too: a password set without the current one is as strong as a changed one', () => {
    expect(forgotPasswordErrors('12345678', '12345678')).toEqual([
      'At least 1 lowercase character.',
      'At least 1 uppercase character.',
      'At least 1 special character.',
    ]);
    expect(forgotPasswordErrors('a b', 'x')).toEqual([
      'At least 1 uppercase character.',
      'At least 1 digit number.',
      'At least 1 special character.',
      'Minimum 8 characters',
      'There is no blank space allowed.',
      'Invalid confirm password',
    ]);
  });
});

describe('differentCharacterCount', () => {
  it('counts what is left of the new password after each current character cancels one', () => {
    expect(differentCharacterCount('abc', 'abc')).toBe(0);
    expect(differentCharacterCount('abc', 'cba')).toBe(0);
    expect(differentCharacterCount('abc', 'abcd')).toBe(1);
    expect(differentCharacterCount('abc', 'abcde')).toBe(2);
    expect(differentCharacterCount('abc', 'aabc')).toBe(1);
    expect(differentCharacterCount('aab', 'ab')).toBe(0);
    expect(differentCharacterCount('', 'xyz')).toBe(3);
  });

  it('is case-sensitive', () => {
    expect(differentCharacterCount('abc', 'ABC')).toBe(3);
  });
});

describe('changePasswordErrors', () => {
  const current = 'Garuda#2024';

  it('passes a strong, different, confirmed password', () => {
    expect(MIN_DIFFERENT_CHARACTERS).toBe(2);
    expect(changePasswordErrors(current, 'Garuda#2025!', 'Garuda#2025!')).toEqual([]);
  });

  it('needs at least 2 characters that are not in the current password', () => {
    expect(changePasswordErrors(current, 'Garuda#2024!', 'Garuda#2024!')).toEqual([
      'At least 2 different characters from Current Password.',
    ]);
    expect(changePasswordErrors(current, '2024#Garuda', '2024#Garuda')).toEqual([
      'At least 2 different characters from Current Password.',
    ]);
  });

  it('needs an equal confirmation', () => {
    expect(changePasswordErrors(current, 'Garuda#2025!', 'Garuda#2025')).toEqual(['Two passwords that you enter is inconsistent!']);
  });

  it('combines strength, difference and confirmation in that order', () => {
    expect(changePasswordErrors(current, 'garuda', 'x')).toEqual([
      'At least 1 uppercase character.',
      'At least 1 digit number.',
      'At least 1 special character.',
      'Minimum 8 characters.',
      'At least 2 different characters from Current Password.',
      'Two passwords that you enter is inconsistent!',
    ]);
  });
});

describe('SHELL_MESSAGES', () => {
  it('holds the login and mini-view texts of the spec', () => {
    expect(SHELL_MESSAGES.usernameRequired).toBe('Please input your username!');
    expect(SHELL_MESSAGES.passwordRequired).toBe('Please input your Password!');
    expect(SHELL_MESSAGES.required).toBe('Required');
    expect(SHELL_MESSAGES.onlyNumeric).toBe('Only numeric');
    expect(SHELL_MESSAGES.confirmationInvalid).toBe('Invalid confirm password');
  });
});
