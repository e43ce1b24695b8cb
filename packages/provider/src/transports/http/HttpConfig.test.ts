import { describe, expect, test } from 'vitest';
import { parseHttpConfig } from './HttpConfig.js';

describe('the http section', () => {
  test('allowed_hosts: more Host values /mcp accepts (a balancer in front); a malformed list names the key', () => {
    const problems: string[] = [];
    expect(parseHttpConfig({ listen: '127.0.0.1:7010', allowed_hosts: ['127.0.0.1:8080', 'tools.example.org'] }, problems, {})).toMatchObject({
      host: '127.0.0.1',
      port: 7010,
      allowedHosts: ['127.0.0.1:8080', 'tools.example.org'],
    });
    expect(parseHttpConfig({}, problems, {})).not.toHaveProperty('allowedHosts');
    expect(problems).toEqual([]);
    parseHttpConfig({ allowed_hosts: '127.0.0.1:8080' }, problems, {});
    parseHttpConfig({ allowed_hosts: ['http://x/'] }, problems, {});
    expect(problems).toEqual([
      'http.allowed_hosts: expected a list of Host header values such as ["127.0.0.1:8080", "tools.example.org"]',
      'http.allowed_hosts: expected a list of Host header values such as ["127.0.0.1:8080", "tools.example.org"]',
    ]);
  });
});
