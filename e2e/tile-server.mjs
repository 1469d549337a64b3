// `node e2e/tile-server.mjs PORT`: the browser tests' map tile server (e2e/map-tiles.ts).
// Every /{z}/{x}/{y}.png is the same 256 x 256 PNG, made here: a pale square with a darker
// edge, so a screenshot shows the tiles' grid. Anything else is 404. Loopback only.
import http from 'node:http';
import zlib from 'node:zlib';

const SIZE = 256;
const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('Usage: node e2e/tile-server.mjs PORT');
  process.exit(2);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function tilePng() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const rows = [];
  for (let y = 0; y < SIZE; y += 1) {
    const row = Buffer.alloc(1 + SIZE * 3); // filter byte 0, then the pixels
    for (let x = 0; x < SIZE; x += 1) {
      const edge = x === 0 || y === 0;
      row.set(edge ? [200, 196, 186] : [242, 239, 233], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const TILE = tilePng();
const TILE_PATH = /^\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png$/;

http
  .createServer((request, response) => {
    if (request.method === 'GET' && TILE_PATH.test(new URL(request.url ?? '/', 'http://localhost').pathname)) {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': TILE.length, 'cache-control': 'public, max-age=3600' });
      response.end(TILE);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not a tile');
  })
  .listen(port, '127.0.0.1', () => console.log(`Tiles on http://127.0.0.1:${port}/{z}/{x}/{y}.png`));
