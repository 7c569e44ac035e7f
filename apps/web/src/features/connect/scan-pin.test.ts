import { describe, expect, it } from 'vitest';
import { pinFromScan, pinProblem } from './scan-pin';

describe('pinFromScan', () => {
  it("reads the pin from the display's QR code", () => {
    expect(pinFromScan('http://192.168.1.20:5000/controller/ABCD2345')).toBe('ABCD2345');
    expect(pinFromScan('https://visus.example.org/controller/abcd2345?x=1')).toBe('ABCD2345');
  });
  it('accepts a bare pin and refuses anything else', () => {
    expect(pinFromScan(' abcd-2345 ')).toBe('ABCD2345');
    expect(pinFromScan('https://example.org/')).toBeNull();
    expect(pinFromScan('http://x/controller/ABCD1234')).toBeNull();
    expect(pinFromScan('http://x/controller/%E0%A4%A')).toBeNull();
  });
});

describe('pinProblem', () => {
  it('explains what is wrong with a typed code', () => {
    expect(pinProblem('')).toBe('Enter the code shown on your screen.');
    expect(pinProblem('ABCD0I45')).toMatch(/never contain "0", "I"/);
    expect(pinProblem('ABC 234')).toBe('The code has 8 characters; you typed 6.');
    expect(pinProblem('abcd-2345')).toBeNull();
  });
});
