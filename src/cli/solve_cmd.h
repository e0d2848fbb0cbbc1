/* cli/solve_cmd: the solve command of the gbc tool: the real solutions of a
 * zero-dimensional system as isolating boxes (gbc_solve; docs/solve.md), in gbc's
 * format or msolve's. */
#ifndef GBC_CLI_SOLVE_CMD_H
#define GBC_CLI_SOLVE_CMD_H

/* The index of "solve" in argv when it is the command (the first operand, only
 * options and their values before it), else 0. */
int cli_find_solve_command(int argc, char **argv);

/* Run the solve command: argv as given to main, argv[at] the word "solve". Its
 * own option parser (--format, --precision, --parametrization, and the options of
 * gb that apply). Returns the exit status. */
int cli_solve_command(int argc, char **argv, int at);

#endif
