import { connect, Socket } from 'node:net';
import { expect } from 'chai';
import { Body, JsonController, Post } from 'routing-controllers';
import { Service } from 'typedi';
import { closeTestInfrastructure, isolatedInfrastructure } from '@platform/testing';
import type { Infrastructure } from '@platform/runtime';
import { createAppContainer } from '@platform/runtime';
import { createHttpApp } from './create-http-app';
import { listen, RunningServer } from './operations';

@Service()
@JsonController('/streams')
class StreamsFixtureController {
  @Post('/echo')
  echo(@Body({ required: false }) body: object) {
    return body ?? {};
  }
}

/** Writes raw HTTP/1.1 and collects what comes back until the server closes the connection. */
function rawExchange(port: number, request: string): { socket: Socket; received: () => string; closed: Promise<number> } {
  let received = '';
  const started = Date.now();
  const socket = connect(port, '127.0.0.1', () => socket.write(request));
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  return { socket, received: () => received, closed };
}

/** Connections and bodies as streaming clients send them (issue 18 review: keep-alive, chunked). */
describe('HTTP kit: connections and streamed bodies', () => {
  let infra: Infrastructure;
  let server: RunningServer;

  before(async () => {
    infra = await isolatedInfrastructure('kit-streams', { HTTP_BODY_IDLE_TIMEOUT_MS: '5000' });
    const app = createHttpApp({ name: 'kit', infra, container: createAppContainer('kit', infra), controllers: [StreamsFixtureController] });
    server = await listen(app.express, 0, '127.0.0.1', { headersTimeoutMs: 5_000, requestTimeoutMs: 60_000 });
    server.server.keepAliveTimeout = 300;
  });

  after(async () => {
    await server.close(1_000);
    await closeTestInfrastructure(infra);
  });

  it('closes an idle keep-alive connection after keepAliveTimeout once a request with a body was answered', async function () {
    this.timeout(10_000);
    const body = '{"a":1}';
    const exchange = rawExchange(
      server.port,
      `POST /streams/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const timer = setTimeout(() => exchange.socket.destroy(), 4_000);
    const closedAfter = await exchange.closed;
    clearTimeout(timer);
    expect(exchange.received()).to.match(/^HTTP\/1\.1 200/);
    expect(closedAfter, 'closed by the server, not by the test after 4 s').to.be.below(3_000);
  });

  it('answers a chunked POST with no Content-Type and an empty body as a bodiless one (not 415)', async () => {
    const exchange = rawExchange(server.port, 'POST /streams/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n');
    await exchange.closed;
    expect(exchange.received()).to.match(/^HTTP\/1\.1 200/);
  });

  it('still answers 415 for a chunked body with no Content-Type once bytes arrive', async () => {
    const exchange = rawExchange(
      server.port,
      'POST /streams/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n',
    );
    await exchange.closed;
    expect(exchange.received()).to.match(/^HTTP\/1\.1 415/).and.include('UNSUPPORTED_MEDIA_TYPE');
  });
});
