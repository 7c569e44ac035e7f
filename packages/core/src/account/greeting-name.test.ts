import { describe, expect, it } from 'vitest';
import { greetingName } from './greeting-name';

describe('greetingName (issue 20)', () => {
  it.each([
    ['Dr Olu Adeyemi', 'Olu'],
    ['Dr. Olu Adeyemi', 'Olu'],
    ['dr olu adeyemi', 'olu'],
    ['Mr John Smith', 'John'],
    ['Mrs. Ada Lovelace', 'Ada'],
    ['Ms Grace Hopper', 'Grace'],
    ['Miss Marple', 'Marple'],
    ['Prof Ana Ruiz', 'Ana'],
    ['Prof. Dr Ana Ruiz', 'Ana'],
    ['Mx. Sam Lee', 'Sam'],
    ['MX Sam Lee', 'Sam'],
    ['  Dr   Olu  ', 'Olu'],
  ])('greets %j as %j', (full, name) => {
    expect(greetingName(full)).toBe(name);
  });

  it('keeps names that only start like a title', () => {
    expect(greetingName('Drew Barrymore')).toBe('Drew');
    expect(greetingName('Missy Elliott')).toBe('Missy');
    expect(greetingName('Mrsa Okafor')).toBe('Mrsa');
    expect(greetingName('Olu Adeyemi')).toBe('Olu');
  });

  it('greets a name made only of titles as written, and a blank name with nothing', () => {
    expect(greetingName('Dr')).toBe('Dr');
    expect(greetingName('Dr. Mr')).toBe('Dr. Mr');
    expect(greetingName('   ')).toBe('');
  });
});
