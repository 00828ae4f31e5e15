import { expect } from 'chai';
import { Get, getMetadataArgsStorage, JsonController, Post } from 'routing-controllers';
import { mobileTwin, WebAndMobile } from './web-and-mobile';

describe('WebAndMobile', () => {
  @JsonController()
  class TwinsProbe {
    @WebAndMobile(Get, '/api/probe/items/:id(\\d+)')
    read() {
      return 'read';
    }

    @WebAndMobile(Post, '/api/probe/one', '/api/probes/one')
    write() {
      return 'write';
    }
  }

  const routesOf = (method: string) =>
    getMetadataArgsStorage()
      .actions.filter((action) => action.target === TwinsProbe && action.method === method)
      .map((action) => `${action.type} ${action.route}`);

  it('registers the handler on the web path and its /api/mobile twin', () => {
    expect(routesOf('read')).to.have.members(['get /api/probe/items/:id(\\d+)', 'get /api/mobile/probe/items/:id(\\d+)']);
  });

  it('adds further web aliases without giving them a mobile twin of their own', () => {
    expect(routesOf('write')).to.have.members(['post /api/probe/one', 'post /api/mobile/probe/one', 'post /api/probes/one']);
  });

  it('refuses a path outside /api or already a mobile one, at decoration time', () => {
    expect(() => mobileTwin('/probe')).to.throw('not a web path under /api');
    expect(() => mobileTwin('/api/mobile/probe')).to.throw('not a web path under /api');
  });
});
