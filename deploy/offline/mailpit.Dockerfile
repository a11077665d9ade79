# Stand-in for axllent/mailpit: an SMTP server on port 1025 that writes every
# mail it receives to its log (`docker compose logs mail`). Mailpit's web UI
# on 8025 is not part of it.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3-aiosmtpd \
 && rm -rf /var/lib/apt/lists/*
EXPOSE 1025
CMD ["python3", "-u", "-m", "aiosmtpd", "--nosetuid", "--listen", "0.0.0.0:1025", "--class", "aiosmtpd.handlers.Debugging", "stdout"]
