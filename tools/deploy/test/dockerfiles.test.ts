import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDockerfiles, discoverDockerfiles, lintDockerfile } from '../src/dockerfiles';
import { copyFixture, fixturesDir, type FixtureCopy } from './support/fixture';

const GOOD = `ARG BUILD_IMAGE=node:22-bookworm-slim
ARG RUNTIME_IMAGE=gcr.io/distroless/nodejs22-debian12:nonroot
FROM \${BUILD_IMAGE} AS build
RUN echo built > /main.js
FROM \${RUNTIME_IMAGE}
COPY --from=build /main.js /app/main.js
USER 65532:65532
CMD ["/app/main.js"]
`;

describe('Dockerfile lint', () => {
  let copy: FixtureCopy;
  afterEach(() => copy?.cleanup());
  const lint = (text: string) => {
    copy = copyFixture();
    copy.write('services/gateway/Dockerfile', text);
    return lintDockerfile(copy.root, 'services/gateway/Dockerfile').map((f) => [f.rule, f.line, f.message]);
  };

  it('finds the Dockerfiles of services, front ends and deploy/', () => {
    expect(discoverDockerfiles(path.join(fixturesDir, 'good'))).toEqual(['services/gateway/Dockerfile', 'services/property/Dockerfile', 'deploy/data/Dockerfile']);
  });

  it('passes a multi-stage Dockerfile with base images as arguments and a non-root final user', () => {
    expect(lint(GOOD)).toEqual([]);
  });

  it('base-image-arg: a literal base image, or an ARG declared after FROM', () => {
    expect(lint(GOOD.replace('FROM ${BUILD_IMAGE} AS build', 'FROM node:22 AS build'))).toEqual([
      ['base-image-arg', 3, 'FROM node:22: the base image must be a build argument (ARG <NAME>=<default> before the first FROM, then FROM ${NAME})'],
    ]);
    // dockerfile-utils sees the same problem (the variable resolves to nothing).
    expect(lint(GOOD.replace('FROM ${RUNTIME_IMAGE}', 'FROM ${RUNTIME}'))).toEqual([
      ['dockerfile-utils/base-name-empty', 5, 'base name (${RUNTIME}) should not be blank'],
      ['base-image-arg', 5, 'FROM ${RUNTIME}: ARG RUNTIME is not declared before the first FROM'],
    ]);
  });

  it('base-image-default: no default, an untagged default, a latest default', () => {
    expect(lint(GOOD.replace('ARG BUILD_IMAGE=node:22-bookworm-slim', 'ARG BUILD_IMAGE'))).toEqual([
      ['base-image-default', 3, 'FROM ${BUILD_IMAGE}: ARG BUILD_IMAGE has no default (the default must be a real, tagged image)'],
    ]);
    expect(lint(GOOD.replace('node:22-bookworm-slim', 'node'))).toEqual([
      ['base-image-default', 3, 'FROM ${BUILD_IMAGE}: image "node" has no tag (it would pull :latest) (the default must be a real, tagged image)'],
    ]);
    expect(lint(GOOD.replace('gcr.io/distroless/nodejs22-debian12:nonroot', 'gcr.io/distroless/nodejs22-debian12:latest'))).toEqual([
      ['base-image-default', 5, 'FROM ${RUNTIME_IMAGE}: image "gcr.io/distroless/nodejs22-debian12:latest" uses the tag "latest" (the default must be a real, tagged image)'],
    ]);
  });

  it('final-stage-user: root, no USER at all, USER only in another stage', () => {
    expect(lint(GOOD.replace('USER 65532:65532', 'USER root'))).toEqual([['final-stage-user', 7, 'the final stage runs as root (USER root)']]);
    expect(lint(GOOD.replace('USER 65532:65532', 'USER 0:0'))).toEqual([['final-stage-user', 7, 'the final stage runs as root (USER 0:0)']]);
    expect(lint(GOOD.replace('USER 65532:65532\n', ''))).toEqual([
      ['final-stage-user', 5, 'the final stage sets no USER: it would run as whatever user its base image has (set a non-root uid, e.g. USER 65532:65532)'],
    ]);
    expect(lint(GOOD.replace('USER 65532:65532\n', '').replace('RUN echo built', 'USER 1000\nRUN echo built'))).toEqual([
      ['final-stage-user', 6, 'the final stage sets no USER: it would run as whatever user its base image has (set a non-root uid, e.g. USER 65532:65532)'],
    ]);
  });

  it('final-stage-user: inherited from the stage the final one builds on', () => {
    const inherited = GOOD.replace('FROM ${RUNTIME_IMAGE}', 'FROM ${RUNTIME_IMAGE} AS runtime\nUSER 65532\nFROM runtime').replace('USER 65532:65532\n', '');
    expect(lint(inherited)).toEqual([]);
  });

  it('no-add-url: ADD of a URL', () => {
    expect(lint(GOOD.replace('RUN echo built > /main.js', 'ADD https://example.com/tool.tgz /tmp/\nRUN echo built > /main.js'))).toEqual([
      ['no-add-url', 4, 'ADD https://example.com/tool.tgz: do not ADD from a URL (fetch with a pinned checksum in a build stage, or COPY)'],
    ]);
  });

  it("dockerfile-utils' own errors and warnings", () => {
    expect(lint(GOOD.replace('CMD ["/app/main.js"]', 'EXPOSE http\nworkdir /app\nCMD ["/app/main.js"]'))).toEqual([
      ['dockerfile-utils/invalid-port', 8, 'Invalid containerPort: http'],
      ['dockerfile-utils/casing-instruction', 9, 'Instructions should be written in uppercase letters'],
    ]);
  });

  it('a Dockerfile the chart or skaffold expects but that does not exist', () => {
    copy = copyFixture();
    copy.remove('services/property/Dockerfile');
    copy.remove('deploy/data/Dockerfile');
    const expected = new Map([
      ['hsa-gateway', 'skaffold.yaml'],
      ['hsa-property', 'skaffold.yaml and helm/home-seller-analyzer/values.yaml'],
      ['hsa-data', 'helm/home-seller-analyzer/values.yaml'],
    ]);
    expect(checkDockerfiles(copy.root, expected).failures.map((f) => [f.rule, f.file, f.message])).toEqual([
      ['dockerfile-missing', 'deploy/data/Dockerfile', 'image hsa-data (named by helm/home-seller-analyzer/values.yaml) has no Dockerfile (looked for services/data/Dockerfile, frontends/data/Dockerfile, deploy/data/Dockerfile)'],
      ['dockerfile-missing', 'services/property/Dockerfile', 'image hsa-property (named by skaffold.yaml and helm/home-seller-analyzer/values.yaml) has no Dockerfile (looked for services/property/Dockerfile, frontends/property/Dockerfile, deploy/property/Dockerfile)'],
    ]);
  });

  it('one .dockerignore at the root', () => {
    copy = copyFixture();
    copy.remove('.dockerignore');
    expect(checkDockerfiles(copy.root, new Map()).failures).toEqual([expect.objectContaining({ rule: 'dockerignore-missing', file: '.dockerignore' })]);
  });
});
