import { describe, expect, test } from 'vitest';
import { parseHttpConfig } from './HttpConfig.js';
import { HTTP_DEFAULTS } from './httpSchema.js';

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
      'http.allowed_hosts: expected a list of Host header values such as ["127.0.0.1:8080", "tools.example.org"], received "127.0.0.1:8080"',
      'http.allowed_hosts[0]: must be a Host header value such as "127.0.0.1:8080" or "tools.example.org" (no scheme, path or spaces), received "http://x/"',
    ]);
  });

  test('the schema alone reads the section: defaults from it, listen decoded by its codec, origins refined, a secret never repeated', () => {
    expect(parseHttpConfig({}, [], { OVOS_TOOLS_HTTP_SECRET: 's'.repeat(16) })).toEqual({ ...{ host: HTTP_DEFAULTS.host, port: HTTP_DEFAULTS.port }, secret: 's'.repeat(16), maxBodyBytes: 1_048_576, logArguments: false });
    expect(parseHttpConfig({ listen: 8080 }, [], {})).toMatchObject({ host: '127.0.0.1', port: 8080 });
    expect(parseHttpConfig({ listen: '[::1]:0', secret_env: 'MY_SECRET' }, [], { MY_SECRET: 'x'.repeat(20) })).toMatchObject({ host: '::1', port: 0, secret: 'x'.repeat(20) });
    const problems: string[] = [];
    expect(parseHttpConfig({ listen: 'here:port', secret: 'hunter2', allowed_origins: ['https://a.example/path'] }, problems, {})).toBeUndefined();
    expect(problems).toContain('http.listen: expected [host:]port such as 8080, 127.0.0.1:8080 or [::1]:8080, received "here:port"');
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problems).toContain('http.secret: must be a string of at least 16 characters (or secret_env naming the variable that holds it)');
    expect(problems).toContain('http.allowed_origins[0]: must be an origin such as "https://console.example.org" (scheme://host[:port], no path), received "https://a.example/path"');
    problems.length = 0;
    expect(parseHttpConfig('yes', problems, {})).toBeUndefined();
    expect(parseHttpConfig(false, problems, {})).toBeUndefined();
    expect(problems).toEqual(['http: must be an object {listen, secret, secret_env, max_body_bytes, log_arguments, allowed_hosts, allowed_origins} or false, received "yes"']);
    expect(HTTP_DEFAULTS).toMatchObject({ listen: '127.0.0.1:7009', host: '127.0.0.1', port: 7009, maxBodyBytes: 1_048_576, secretEnv: 'OVOS_TOOLS_HTTP_SECRET' });
  });
});
