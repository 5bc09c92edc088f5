// s3rver in a process of its own: it signs continuation tokens with DES, which Node 20 offers only with
// --openssl-legacy-provider. Arguments: folder, bucket, CORS rule (XML). Prints {"port": n} once listening.
import S3rver from 's3rver';

const [directory, bucket, cors] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [cors] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
