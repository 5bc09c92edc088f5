import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { instancePagesSource } from './frame-source.js';

describe('the frame source of the instance-pages origins', () => {
  it('covers every instance and port of the pattern, and nothing beside its domain', () => {
    expect(instancePagesSource(loadConfig({ PORT: '3000' }).instancePagesOrigin)).toBe('http://*.apps.localhost:3000');
    expect(instancePagesSource('https://{id}-{port}.apps.example.com')).toBe('https://*.apps.example.com');
    expect(instancePagesSource('http://i{id}.p{port}.apps.example.com:8080')).toBe('http://*.apps.example.com:8080');
    expect(instancePagesSource('http://{id}.apps.example.com:{port}')).toBe('http://*.apps.example.com:*');
  });
});
