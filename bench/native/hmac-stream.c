/*
 * The provably fair byte stream of bench/dieharder.ts, natively: for nonce = 0, 1, 2, … and cursor
 * 0 … blocksPerNonce − 1, HMAC-SHA256(serverSeed as UTF-8 bytes, "clientSeed:nonce:cursor"),
 * concatenated on stdout. The same function as domain/casino/fair/byte-stream.ts; bench/dieharder.ts
 * compares its first blocks with that TypeScript before it trusts it. It exists because dieharder -a
 * wants on the order of 100 GB and the TypeScript stream makes about 7 MB/s on one core.
 *
 * usage: hmac-stream <serverSeed> <clientSeed> <blocksPerNonce> [blockLimit]
 * On a closed stdout (dieharder finished) it prints the bytes written to stderr and exits 0.
 */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char buffer[1 << 20];

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: hmac-stream <serverSeed> <clientSeed> <blocksPerNonce> [blockLimit]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  const char *seed = argv[1];
  const char *client = argv[2];
  unsigned blocksPerNonce = (unsigned)strtoul(argv[3], NULL, 10);
  unsigned long long limit = argc > 4 ? strtoull(argv[4], NULL, 10) : 0;

  unsigned char key[SHA256_CBLOCK] = {0};
  size_t keyLength = strlen(seed);
  if (keyLength > SHA256_CBLOCK) {
    SHA256((const unsigned char *)seed, keyLength, key);
  } else {
    memcpy(key, seed, keyLength);
  }
  unsigned char pad[SHA256_CBLOCK];
  SHA256_CTX inner0, outer0;
  for (int i = 0; i < SHA256_CBLOCK; i++) pad[i] = key[i] ^ 0x36;
  SHA256_Init(&inner0);
  SHA256_Update(&inner0, pad, SHA256_CBLOCK);
  for (int i = 0; i < SHA256_CBLOCK; i++) pad[i] = key[i] ^ 0x5c;
  SHA256_Init(&outer0);
  SHA256_Update(&outer0, pad, SHA256_CBLOCK);

  char message[256];
  unsigned char innerDigest[SHA256_DIGEST_LENGTH];
  size_t used = 0;
  unsigned long long blocks = 0, written = 0;
  for (unsigned long long nonce = 0;; nonce++) {
    for (unsigned cursor = 0; cursor < blocksPerNonce; cursor++) {
      int length = snprintf(message, sizeof message, "%s:%llu:%u", client, nonce, cursor);
      SHA256_CTX ctx = inner0;
      SHA256_Update(&ctx, message, (size_t)length);
      SHA256_Final(innerDigest, &ctx);
      ctx = outer0;
      SHA256_Update(&ctx, innerDigest, SHA256_DIGEST_LENGTH);
      SHA256_Final(buffer + used, &ctx);
      used += SHA256_DIGEST_LENGTH;
      blocks++;
      int last = limit && blocks == limit;
      if (used == sizeof buffer || last) {
        if (fwrite(buffer, 1, used, stdout) != used) {
          fprintf(stderr, "hmac-stream: %llu bytes written\n", written);
          return 0;
        }
        written += used;
        used = 0;
      }
      if (last) {
        fflush(stdout);
        return 0;
      }
    }
  }
}
