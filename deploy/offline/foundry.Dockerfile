# Stand-in for ghcr.io/foundry-rs/foundry: the anvil binary the project installs from npm.
FROM debian:bookworm-slim
COPY anvil /usr/local/bin/anvil
ENTRYPOINT ["anvil"]
