// s3rver in a process of its own, for tests/server/localS3.ts. It is started with
// --openssl-legacy-provider: s3rver 3.x makes its list continuation tokens with DES, which Node's
// OpenSSL 3 keeps only in the legacy provider (without it, the second page of a list answers 500).
// Arguments: the directory for its objects and the bucket to create. It prints {"port":…} once it
// listens on a free loopback port, and stops when its standard input closes (the test ended or died).
import process from 'node:process';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then(({ port }) => {
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => { void server.close().finally(() => process.exit(0)); });
}, (error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
