import { describe, expect, it } from 'vitest';
import { federationManifest, remoteOrigins, socialSignInSources } from '../src/web';

describe('runtime federation manifest', () => {
  it('defaults every remote to the gateway-hosted mf-manifest.json', () => {
    expect(federationManifest({}).remotes).toEqual([
      { name: 'catalog', entry: '/remotes/catalog/mf-manifest.json' },
      { name: 'sell', entry: '/remotes/sell/mf-manifest.json' },
      { name: 'account', entry: '/remotes/account/mf-manifest.json' },
      { name: 'admin', entry: '/remotes/admin/mf-manifest.json' },
    ]);
    expect(remoteOrigins({})).toEqual([]);
  });

  it('takes REMOTE_<NAME>_URL and lists other origins once for the CSP', () => {
    const config = {
      REMOTE_CATALOG_URL: 'https://cdn.example.com/catalog/mf-manifest.json',
      REMOTE_ADMIN_URL: 'https://cdn.example.com/admin/mf-manifest.json',
      REMOTE_SELL_URL: '/elsewhere/sell/mf-manifest.json',
    };
    expect(federationManifest(config).remotes.map((r) => r.entry)).toEqual([
      'https://cdn.example.com/catalog/mf-manifest.json',
      '/elsewhere/sell/mf-manifest.json',
      '/remotes/account/mf-manifest.json',
      'https://cdn.example.com/admin/mf-manifest.json',
    ]);
    expect(remoteOrigins(config)).toEqual(['https://cdn.example.com']);
  });
});

describe('socialSignInSources', () => {
  it('adds nothing when no provider is configured', () => {
    expect(Object.values(socialSignInSources({})).flat()).toEqual([]);
  });

  it("allows Google Identity Services' script, style, frame and calls when GOOGLE_CLIENT_ID is set", () => {
    const s = socialSignInSources({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' });
    expect(s['script-src']).toEqual(['https://accounts.google.com/gsi/client']);
    expect(s['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
    expect(s['connect-src']).toEqual(['https://accounts.google.com/gsi/']);
    expect(s['style-src']).toEqual(['https://accounts.google.com/gsi/style']);
  });

  it("allows Facebook's SDK when FACEBOOK_APP_ID is set", () => {
    const s = socialSignInSources({ FACEBOOK_APP_ID: '123' });
    expect(s['script-src']).toEqual(['https://connect.facebook.net']);
    expect(s['frame-src']).toContain('https://www.facebook.com');
  });
});
