# Stand-in for postgres:15: Debian's PostgreSQL 15, with the part of the
# image's entrypoint the compose file uses (POSTGRES_PASSWORD, POSTGRES_DB,
# data in /var/lib/postgresql/data, pg_isready).
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/
ENTRYPOINT ["postgres-entrypoint.sh"]
EXPOSE 5432
