# Stand-in for redis:7: Debian's Redis 7, listening on every address as the image does.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/*
EXPOSE 6379
CMD ["redis-server", "--protected-mode", "no", "--bind", "0.0.0.0", "--save", ""]
