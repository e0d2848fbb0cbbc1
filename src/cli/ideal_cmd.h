/* cli/ideal_cmd: the ideal-operation commands of the gbc tool (eliminate, intersect,
 * quotient, saturate, reduce, member, lift), each on one input and, where the
 * operation needs it, a second one (a second FILE or --with FILE). */
#ifndef GBC_CLI_IDEAL_CMD_H
#define GBC_CLI_IDEAL_CMD_H

/* Whether name is one of these commands. */
int cli_is_ideal_command(const char *name);

/* The index of an ideal command in argv that only options (and their values)
 * precede, or 0 when there is none. */
int cli_find_ideal_command(int argc, char **argv);

/* Run the command argv[1] with the options that follow (its own parser: the
 * options of gb that apply, and --vars, --with, --method). Returns the exit
 * status. */
int cli_ideal_command(int argc, char **argv);

#endif
