/* cli/learn_cmd: the learn and apply commands of the gbc tool: a trace learnt on one
 * system over Z/p, applied to systems of the same shape (gbc_trace_mod; docs/learn.md). */
#ifndef GBC_CLI_LEARN_CMD_H
#define GBC_CLI_LEARN_CMD_H

/* The index of "learn" or "apply" in argv when it is the command (the first operand,
 * only options and their values before it), else 0. */
int cli_find_learn_command(int argc, char **argv);

/* Run learn or apply: argv as given to main, argv[at] the command's word. Its own
 * option parser over the shared table (cli/options.c). Returns the exit status. */
int cli_learn_command(int argc, char **argv, int at);

#endif
