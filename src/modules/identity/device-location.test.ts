import { describe, expect, it } from 'vitest';
import { deviceLocation } from './device-location.ts';

describe('deviceLocation', () => {
  it('reads the city and country Cloudflare adds, as Kratos does', () => {
    expect(deviceLocation({ 'cf-ipcity': 'Milan', 'cf-ipcountry': 'IT' })).toBe('Milan, IT');
    expect(deviceLocation({ 'cf-ipcountry': 'fr ' })).toBe('FR');
    expect(deviceLocation({ 'cf-ipcity': ' Lagos' })).toBe('Lagos');
  });

  it('is empty without the headers, and leaves out what is no place', () => {
    expect(deviceLocation({})).toBe('');
    expect(deviceLocation({ 'cf-ipcountry': 'XX' })).toBe('');
    expect(deviceLocation({ 'cf-ipcity': 'Amsterdam', 'cf-ipcountry': 'T1' })).toBe('Amsterdam');
    expect(deviceLocation({ 'cf-ipcountry': 'France' })).toBe('');
    expect(deviceLocation({ 'cf-ipcity': 'x'.repeat(101) })).toBe('');
  });
});
